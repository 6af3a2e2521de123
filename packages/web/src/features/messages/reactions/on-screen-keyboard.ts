/**
 * A phone or tablet: the keyboard is on the screen, so focusing a text box
 * opens it over what the person was about to tap (the emoji picker's search
 * box took the focus and the keyboard covered the emoji). A touch screen
 * (coarse pointer) or the phone layout's width (messages.css, 720 px).
 */
export function keyboardOnScreen(): boolean {
  return (
    typeof window.matchMedia === 'function' &&
    window.matchMedia('(pointer: coarse), (max-width: 720px)').matches
  );
}
