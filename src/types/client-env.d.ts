declare const __APP_VERSION__: string;

declare module '*.po' {
  import type { Messages } from '@lingui/core';
  export const messages: Messages;
}

declare module '*.po?part=first' {
  import type { Messages } from '@lingui/core';
  export const messages: Messages;
}

declare module '*.po?part=rest' {
  import type { Messages } from '@lingui/core';
  export const messages: Messages;
}

declare module '*.module.css' {
  const classes: Readonly<Record<string, string>>;
  export default classes;
}
