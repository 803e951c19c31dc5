import { Button } from '@/components/ui/button'
export function SaveButton({ busy }: { busy: boolean }) {
  return (
    <Button type="submit" loading={busy} className="self-end">
      Save
    </Button>
  )
}
