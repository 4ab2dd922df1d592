/** The one spelling of an email address the service stores and looks up. */
export const normalizeEmail = (email: string) => email.trim().toLowerCase();
