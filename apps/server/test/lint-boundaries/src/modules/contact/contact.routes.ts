import { insertMessage } from './contact.repository'; // VIOLATION import-x/no-restricted-paths
import { countMessages } from './contact.service';

export const contactRoutes = () => [insertMessage('hello'), countMessages()];
