// Every user-facing message text the server and the client must agree on,
// kept exactly as the spec writes them (sections 5 and 8). The client
// translates them by using the English text as the i18n key.

export const MSG = {
  loginRequired: 'Login is required',
  passwordRequired: 'Password is required',
  nameRequired: 'Name is required',
  incorrectUsername: 'Incorrect username, use latin letters and numbers',
  incorrectPassword: 'Incorrect password, use latin letters and numbers, min. 5 characters',
  tooManyRequests: 'Too many requests.',
  noResponse: "Couldn't receive response from server",
  somethingWrong: 'something went wrong, try later',
  crash: 'Something went wrong. Reload the page, or try again later',
  // Server messages the spec leaves open.
  invalidCredentials: 'Wrong login or password',
  usernameMismatch: 'This username does not match the account',
  loginTaken: 'This login is already taken',
  usernameTaken: 'This username is already taken',
  nameTooLong: 'Name is too long',
  usernameTooLong: 'Username is too long',
  loginTooLong: 'Login is too long',
  passwordTooLong: 'Password is too long',
  unauthenticated: 'Unauthenticated.',
  forbidden: 'This action is unauthorized.',
  csrfMismatch: 'CSRF token mismatch.',
  notFound: 'Not found.',
  validationFailed: 'The given data was invalid.',
  malformedJson: 'The request body is not valid JSON.',
  payloadTooLarge: 'The request body is too large.',
  unsupportedMediaType: 'Unsupported content type.',
  refreshInvalid: 'The refresh token is invalid or expired.',
  sessionNotFound: 'Session not found.',
} as const;

export type MessageText = (typeof MSG)[keyof typeof MSG];
