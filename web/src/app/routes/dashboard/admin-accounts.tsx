import { AdminAccounts } from '@/features/admin/components/admin-accounts'

export default function AdminAccountsPage() {
  return (
    <section>
      <title>Admin Accounts | jobportal</title>
      <h1 className="text-3xl font-bold text-gray-900">Accounts</h1>
      <p className="mt-2 text-gray-700">A suspended account cannot log in, and its jobs leave every public list until it is reinstated.</p>
      <AdminAccounts />
    </section>
  )
}
