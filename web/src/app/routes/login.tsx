export default function LoginPage() {
  return (
    <section className="mx-auto max-w-md px-4 py-16">
      <title>Login | jobportal</title>
      <h1 className="text-3xl font-bold text-gray-900">Login</h1>
      <p className="mt-4 text-gray-700">Welcome back. Signing in arrives in the next release.</p>
    </section>
  )
}
