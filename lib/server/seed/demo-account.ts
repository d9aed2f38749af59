// The demo account's sign-in, apart from seed-demo.ts: the server's start-up names it on every
// start, and seeding itself (which loads the PDF libraries) is imported only when it runs.
export const DEMO_EMAIL = "demo@example.com";
export const DEMO_PASSWORD = "demo-password-123";
export const TEAMMATE_EMAIL = "teammate@example.com";
