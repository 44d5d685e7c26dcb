/**
 * The team's roles, strongest first: one list for the database, the forms and the pages. No
 * server imports here, so browser code reads the same labels.
 */
export const ROLES = ["owner", "editor", "reviewer", "viewer"] as const;
export type Role = (typeof ROLES)[number];

/**
 * What each role may do. A role can do everything the roles below it can:
 * owner > editor > reviewer > viewer.
 */
export type Permission = "view" | "review" | "generate" | "manage";

const RANK: Record<Role, number> = { viewer: 0, reviewer: 1, editor: 2, owner: 3 };
const NEEDS: Record<Permission, Role> = {
  view: "viewer",
  review: "reviewer",
  generate: "editor",
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

/**
 * Each role by what it can do today. The `review` permission guards nothing yet (the gallery has no
 * ratings or comments), so a reviewer is described as what it is: a viewer, for now.
 */
export const ROLE_LABELS: Record<Role, { label: string; description: string }> = {
  owner: { label: "Owner", description: "Everything, plus members, invitations and API keys" },
  editor: { label: "Editor", description: "Generates images and videos, and sees the gallery" },
  reviewer: { label: "Reviewer", description: "Sees the gallery, as a viewer does for now" },
  viewer: { label: "Viewer", description: "Sees the gallery" },
};
