export default function SignupPage() {
  return (
    <section className="mx-auto max-w-md px-4 py-16">
      <title>Signup | jobportal</title>
      <h1 className="text-3xl font-bold text-gray-900">Signup</h1>
      <p className="mt-4 text-gray-700">Creating an account as an Applicant or a Recruiter arrives in the next release.</p>
    </section>
  )
}
