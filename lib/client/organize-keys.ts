/** Query keys of the organize screens' server data (boards, saved views, trash, share links). */
export const boardsKey = ["boards"] as const;
export const savedSearchesKey = ["saved-searches"] as const;
export const trashKey = ["trash"] as const;
export const shareLinksKey = ["share-links"] as const;
