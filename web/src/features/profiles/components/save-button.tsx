export function SaveButton({ busy }: { busy: boolean }) {
  return (
    <button type="submit" disabled={busy} className="self-end rounded-md bg-blue-700 px-4 py-2 font-semibold text-white hover:bg-blue-800 disabled:opacity-75">
      Save
    </button>
  )
}
