/**
 * The team's roles, strongest first: one list for the database, the forms and the pages. No
 * server imports here, so browser code reads the same labels.
 */
export const ROLES = ["owner", "editor", "reviewer", "viewer"] as const;
export type Role = (typeof ROLES)[number];

/**
 * What each role may do. A role can do everything the roles below it can:
 * owner > editor > reviewer > viewer.
 *
 * - `view`: see the gallery, its comments and its history.
 * - `review`: rate, comment (with mentions), resolve comments, move review states, assign.
 * - `generate`: send tasks from the Create pages.
 * - `organize`: boards, tags, bulk actions, share links, and moving items to the trash.
 * - `manage`: members, invitations, keys and limits; restore from the trash, delete for good.
 */
export type Permission = "view" | "review" | "generate" | "organize" | "manage";

const RANK: Record<Role, number> = { viewer: 0, reviewer: 1, editor: 2, owner: 3 };
const NEEDS: Record<Permission, Role> = {
  view: "viewer",
  review: "reviewer",
  generate: "editor",
  organize: "editor",
  manage: "owner",
};

export function isRole(value: unknown): value is Role {
  return typeof value === "string" && (ROLES as readonly string[]).includes(value);
}

export function can(role: Role, permission: Permission): boolean {
  return RANK[role] >= RANK[NEEDS[permission]];
}

/** The weakest role that has the permission, for error messages. */
export function roleFor(permission: Permission): Role {
  return NEEDS[permission];
}

/** Each role by what it can do. */
export const ROLE_LABELS: Record<Role, { label: string; description: string }> = {
  owner: {
    label: "Owner",
    description: "Everything, plus members, invitations, API keys, and restoring from the trash",
  },
  editor: {
    label: "Editor",
    description: "Generates images and videos, and organizes the gallery: boards, tags, sharing",
  },
  reviewer: { label: "Reviewer", description: "Rates, comments and moves results through review" },
  viewer: { label: "Viewer", description: "Sees the gallery and its discussions" },
};
