import "server-only";

// `<APP_URL>/sign/<recipient id>?access_token=<token>`: the token is the credential.
const SIGNING_LINK = /(\/sign\/[A-Za-z0-9-]+)\?access_token=[A-Za-z0-9_-]+/g;

/** A signing link anywhere in a text, with its token removed: it leads to the page but signs nothing. */
export const hideSigningLinks = (text: string) => text.replace(SIGNING_LINK, "$1 (link hidden: only its recipient receives it)");
