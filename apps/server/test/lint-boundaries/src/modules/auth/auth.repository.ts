export const findLiveSession = (tokenHash: string) => tokenHash;
