// The signed-in chat's routes. The web entry starts the chat's code early
// on them, and the server answers them with the chat page: index.html with
// the chat's chunks already named in its head (packages/web/build/chat-page.ts).

/** The built page the server sends for chat routes (beside index.html in dist/). */
export const CHAT_PAGE_FILE = 'chat.html';

/** /chat and /chat/<id>. */
export function isChatPath(pathname: string): boolean {
  return pathname === '/chat' || pathname.startsWith('/chat/');
}
