// The HTTP client must log the user out (spec 4, 8) but must not import the
// auth feature (that would invert the layers and make a cycle). app/ plugs
// the real logout in here at start.

type Handler = () => void | Promise<void>;

let handler: Handler = () => undefined;

export function setAuthFailureHandler(fn: Handler): void {
  handler = fn;
}

export async function signalAuthFailure(): Promise<void> {
  await handler();
}
