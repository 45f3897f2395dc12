import { cardColumns } from '../catalog/catalog.repository'; // VIOLATION import-x/no-restricted-paths

export const recent = cardColumns;
