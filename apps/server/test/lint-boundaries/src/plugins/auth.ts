import { findLiveSession } from '../modules/auth/auth.repository'; // VIOLATION import-x/no-restricted-paths
import { seedDemo } from '../demo/seed-demo'; // VIOLATION import-x/no-restricted-paths

export const authPlugin = () => [findLiveSession('hash'), seedDemo()];
