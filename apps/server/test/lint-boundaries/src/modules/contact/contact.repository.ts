export const insertMessage = (text: string) => text;
