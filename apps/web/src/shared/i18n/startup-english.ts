import english from '../../locales/en.json';

/**
 * The English messages of the entry chunk. As written here: all of them (what tests and tools
 * importing this file get). In the app's build and dev server, vite.config.ts serves this module
 * with only the startup sections of startup-messages.ts instead.
 */
const startupEnglish: Record<string, unknown> = english;
export default startupEnglish;
