import "server-only";

/**
 * Whose a socket is: the member, the session its cookie named (or `token:<id>` for one opened with
 * an access token), and the role it opened with.
 */
export interface StreamMember {
  userId: string;
  sessionId: string;
  role: string;
}

/**
 * A socket opened with a token stands for the token, as one opened with a cookie stands for its
 * session: the socket caps and the rechecks go by this id, which no session id can take.
 */
export const TOKEN_SESSION = "token:";

/** Whether a socket was opened with an access token rather than a session. */
export function openedWithToken(member: Pick<StreamMember, "sessionId">): boolean {
  return member.sessionId.startsWith(TOKEN_SESSION);
}

/**
 * Sockets one session may hold on one instance. A tab is one socket, and a person with a browser
 * full of studio tabs keeps well under a dozen per browser; past this the sockets come from a
 * script, and each costs the relay a listener, a share of every fan-out and a presence entry.
 */
export const MAX_SOCKETS_PER_SESSION = 32;
/** Sockets one member may hold on one instance, all their sessions (browsers, devices) together. */
export const MAX_SOCKETS_PER_MEMBER = 64;

export interface SocketCaps {
  perSession: number;
  perMember: number;
}

/**
 * The relay's open sockets with whose they are, indexed by member and by session so a new
 * socket is counted, and a member's sockets found, without walking every socket. Everything a
 * socket adds here goes when it is deleted: an index left empty is removed with it.
 */
export class StreamSockets<S> {
  private readonly members = new Map<S, StreamMember>();
  private readonly byMember = new Map<string, Set<S>>();
  private readonly bySession = new Map<string, Set<S>>();

  constructor(
    private readonly caps: SocketCaps = {
      perSession: MAX_SOCKETS_PER_SESSION,
      perMember: MAX_SOCKETS_PER_MEMBER,
    },
  ) {}

  /** Holds the socket as the member's, unless the member or its session already holds its cap. */
  admit(socket: S, member: StreamMember): boolean {
    const mine = this.byMember.get(member.userId);
    const session = this.bySession.get(member.sessionId);
    if ((mine?.size ?? 0) >= this.caps.perMember || (session?.size ?? 0) >= this.caps.perSession)
      return false;
    this.members.set(socket, member);
    indexed(this.byMember, member.userId, mine).add(socket);
    indexed(this.bySession, member.sessionId, session).add(socket);
    return true;
  }

  delete(socket: S): void {
    const member = this.members.get(socket);
    if (!member) return;
    this.members.delete(socket);
    unindex(this.byMember, member.userId, socket);
    unindex(this.bySession, member.sessionId, socket);
  }

  get(socket: S): StreamMember | undefined {
    return this.members.get(socket);
  }

  has(socket: S): boolean {
    return this.members.has(socket);
  }

  /** A member's sockets (a copy: closing them changes the index). */
  ofMember(userId: string): [S, StreamMember][] {
    return [...(this.byMember.get(userId) ?? [])].flatMap((socket) => {
      const member = this.members.get(socket);
      return member ? [[socket, member] as [S, StreamMember]] : [];
    });
  }

  /** Every socket's session, each once, with its sockets. */
  sessions(): Map<string, S[]> {
    const out = new Map<string, S[]>();
    for (const [sessionId, sockets] of this.bySession) out.set(sessionId, [...sockets]);
    return out;
  }

  /** What is held, for tests that check a closed socket left nothing behind. */
  sizes(): { sockets: number; members: number; sessions: number } {
    return { sockets: this.members.size, members: this.byMember.size, sessions: this.bySession.size };
  }
}

function indexed<S>(index: Map<string, Set<S>>, key: string, found: Set<S> | undefined): Set<S> {
  if (found) return found;
  const made = new Set<S>();
  index.set(key, made);
  return made;
}

function unindex<S>(index: Map<string, Set<S>>, key: string, socket: S): void {
  const set = index.get(key);
  set?.delete(socket);
  if (set?.size === 0) index.delete(key);
}
