import { NotFound } from '@/components/ui/not-found'

export default NotFound
