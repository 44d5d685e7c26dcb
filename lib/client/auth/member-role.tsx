"use client";

import { createContext, type ReactNode, useContext } from "react";
import { can, type Permission, type Role } from "@/lib/studio/roles";

/**
 * The signed-in member's role, given by the studio layout (read on the server for each page), so
 * client components hide what the role may not do. The API checks again on every request.
 */
const RoleContext = createContext<Role>("viewer");

export function MemberRoleProvider({ role, children }: { role: Role; children: ReactNode }) {
  return <RoleContext.Provider value={role}>{children}</RoleContext.Provider>;
}

export function useMemberRole(): Role {
  return useContext(RoleContext);
}

/** Whether the signed-in member may do it. */
export function useCan(permission: Permission): boolean {
  return can(useContext(RoleContext), permission);
}
