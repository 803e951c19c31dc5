/**
 * How people reach whoever runs this site. A deployment sets its own address at build time
 * (VITE_OPERATOR_EMAIL); the default is a placeholder domain that can never receive mail by mistake.
 */
export const OPERATOR_EMAIL: string = import.meta.env.VITE_OPERATOR_EMAIL || 'support@jobportal.example'
