import { AuditLog } from '@/features/admin/components/audit-log'

export default function AdminAuditPage() {
  return (
    <section>
      <title>Audit Log | jobportal</title>
      <h1 className="text-3xl font-bold text-gray-900">Audit Log</h1>
      <p className="mt-2 text-gray-700">Every change an Admin made, newest first.</p>
      <AuditLog />
    </section>
  )
}
