/** A failure the core reports to the renderer as data: code for the program, Spanish message for the user. */
export class CoreError extends Error {
  override readonly name = 'CoreError';
  constructor(
    readonly code: string,
    message: string,
    readonly fields?: { path: string; message: string }[],
  ) {
    super(message);
  }
}
