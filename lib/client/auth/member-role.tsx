"use client";

import { createContext, type ReactNode, useContext } from "react";
import { can, type Permission, type Role } from "@/lib/studio/roles";

/**
 * The signed-in member's role, given by the studio layout (read on the server for each page), so
 * client components hide what the role may not do. The API checks again on every request.
 */
const RoleContext = createContext<Role>("viewer");
/** Who is signed in, for what this browser keeps per member (the canvas). */
const MemberIdContext = createContext<string | null>(null);

export function MemberRoleProvider({
  role,
  memberId = null,
  children,
}: {
  role: Role;
  memberId?: string | null;
  children: ReactNode;
}) {
  return (
    <MemberIdContext.Provider value={memberId}>
      <RoleContext.Provider value={role}>{children}</RoleContext.Provider>
    </MemberIdContext.Provider>
  );
}

export function useMemberId(): string | null {
  return useContext(MemberIdContext);
}

export function useMemberRole(): Role {
  return useContext(RoleContext);
}

/** Whether the signed-in member may do it. */
export function useCan(permission: Permission): boolean {
  return can(useContext(RoleContext), permission);
}
