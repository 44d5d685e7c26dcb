// Written by `npm run api:addresses` from the declarations in lib/studio/api: run it again
// rather than edit this file. Each endpoint's method, path and the resources it makes stale.
export const ADDRESS_TABLE = {
  experiments: {
    list: {
      method: "GET",
      path: "/api/experiments",
    },
    create: {
      method: "POST",
      path: "/api/experiments",
      invalidates: ["experiments"],
    },
    get: {
      method: "GET",
      path: "/api/experiments/{id}",
    },
    preview: {
      method: "POST",
      path: "/api/experiments/preview",
      invalidates: [],
    },
    control: {
      method: "POST",
      path: "/api/experiments/{id}/control",
      invalidates: ["experiments", "queue"],
    },
    retryCell: {
      method: "POST",
      path: "/api/experiments/{id}/cells/{key}/retry",
      invalidates: ["experiments"],
    },
    rerun: {
      method: "POST",
      path: "/api/experiments/{id}/rerun",
      invalidates: ["experiments"],
    },
    export: {
      method: "GET",
      path: "/api/experiments/{id}/export",
    },
  },
  tasks: {
    submit: {
      method: "POST",
      path: "/api/tasks",
      invalidates: ["tasks"],
    },
    list: {
      method: "GET",
      path: "/api/tasks",
    },
    get: {
      method: "GET",
      path: "/api/tasks/{taskUUID}",
    },
  },
  queue: {
    list: {
      method: "GET",
      path: "/api/queue",
    },
    pause: {
      method: "POST",
      path: "/api/queue/pause",
      invalidates: ["queue", "tasks", "experiments"],
    },
    resume: {
      method: "POST",
      path: "/api/queue/resume",
      invalidates: ["queue", "tasks", "experiments"],
    },
    hold: {
      method: "POST",
      path: "/api/queue/hold",
      invalidates: ["queue", "tasks", "experiments"],
    },
    priority: {
      method: "POST",
      path: "/api/queue/priority",
      invalidates: ["queue", "tasks", "experiments"],
    },
    move: {
      method: "POST",
      path: "/api/queue/move",
      invalidates: ["queue", "tasks", "experiments"],
    },
    cancel: {
      method: "POST",
      path: "/api/queue/cancel",
      invalidates: ["queue", "tasks", "experiments"],
    },
    edit: {
      method: "POST",
      path: "/api/queue/edit",
      invalidates: ["queue", "tasks", "experiments"],
    },
  },
  tools: {
    run: {
      method: "POST",
      path: "/api/tools",
      invalidates: [],
    },
  },
  uploads: {
    create: {
      method: "POST",
      path: "/api/uploads",
      invalidates: [],
    },
    image: {
      method: "GET",
      path: "/api/images/{id}",
    },
  },
  masks: {
    keep: {
      method: "POST",
      path: "/api/masks",
      invalidates: ["items", "gallery"],
    },
  },
  prompts: {
    history: {
      method: "GET",
      path: "/api/prompts",
    },
  },
  schemas: {
    get: {
      method: "GET",
      path: "/api/schemas",
    },
  },
  limits: {
    get: {
      method: "GET",
      path: "/api/limits",
    },
    update: {
      method: "PUT",
      path: "/api/limits",
      invalidates: ["limits"],
    },
  },
  items: {
    list: {
      method: "GET",
      path: "/api/items",
    },
    get: {
      method: "GET",
      path: "/api/items/{id}",
    },
    history: {
      method: "GET",
      path: "/api/items/{id}/history",
    },
    neighbors: {
      method: "GET",
      path: "/api/items/{id}/neighbors",
    },
    rate: {
      method: "PUT",
      path: "/api/items/{id}/rating",
      invalidates: ["items", "gallery", "seedStacks"],
    },
    unrate: {
      method: "DELETE",
      path: "/api/items/{id}/rating",
      invalidates: ["items", "gallery", "seedStacks"],
    },
    setState: {
      method: "PUT",
      path: "/api/items/{id}/state",
      invalidates: ["items", "gallery"],
    },
    assign: {
      method: "PUT",
      path: "/api/items/{id}/assignee",
      invalidates: ["items", "gallery"],
    },
    setTags: {
      method: "PUT",
      path: "/api/items/{id}/tags",
      invalidates: ["items", "gallery"],
    },
    star: {
      method: "PUT",
      path: "/api/items/{id}/star",
      invalidates: ["items", "gallery"],
    },
    unstar: {
      method: "DELETE",
      path: "/api/items/{id}/star",
      invalidates: ["items", "gallery"],
    },
    comments: {
      method: "GET",
      path: "/api/items/{id}/comments",
    },
    addComment: {
      method: "POST",
      path: "/api/items/{id}/comments",
      invalidates: ["items", "versions"],
    },
    download: {
      method: "GET",
      path: "/api/items/{id}/download",
    },
    thumb: {
      method: "GET",
      path: "/api/items/{id}/thumb",
    },
    scrub: {
      method: "GET",
      path: "/api/items/{id}/scrub",
    },
    bulk: {
      method: "POST",
      path: "/api/items/bulk",
      invalidates: ["items", "gallery", "boards", "trash", "seedStacks"],
    },
    compare: {
      method: "GET",
      path: "/api/items/compare",
    },
    zip: {
      method: "POST",
      path: "/api/items/zip",
      invalidates: [],
    },
  },
  gallery: {
    facets: {
      method: "GET",
      path: "/api/gallery/facets",
    },
    totals: {
      method: "GET",
      path: "/api/gallery/totals",
    },
    months: {
      method: "GET",
      path: "/api/gallery/months",
    },
  },
  trash: {
    list: {
      method: "GET",
      path: "/api/trash",
    },
    restore: {
      method: "POST",
      path: "/api/trash/restore",
      invalidates: ["trash", "gallery", "boards", "items", "seedStacks"],
    },
    purge: {
      method: "POST",
      path: "/api/trash/purge",
      invalidates: ["trash", "boards"],
    },
  },
  media: {
    get: {
      method: "GET",
      path: "/api/media/{key}",
    },
  },
  comments: {
    update: {
      method: "PATCH",
      path: "/api/comments/{id}",
      invalidates: ["items", "versions"],
    },
  },
  boards: {
    list: {
      method: "GET",
      path: "/api/boards",
    },
    create: {
      method: "POST",
      path: "/api/boards",
      invalidates: ["boards"],
    },
    update: {
      method: "PATCH",
      path: "/api/boards/{id}",
      invalidates: ["boards"],
    },
    delete: {
      method: "DELETE",
      path: "/api/boards/{id}",
      invalidates: ["boards"],
    },
    addItems: {
      method: "POST",
      path: "/api/boards/{id}/items",
      invalidates: ["boards", "gallery", "items"],
    },
    removeItems: {
      method: "DELETE",
      path: "/api/boards/{id}/items",
      invalidates: ["boards", "gallery", "items"],
    },
  },
  approvals: {
    list: {
      method: "GET",
      path: "/api/approvals",
    },
    digest: {
      method: "GET",
      path: "/api/approvals/digest",
    },
    setDigest: {
      method: "PUT",
      path: "/api/approvals/digest",
      invalidates: ["approvals"],
    },
    badges: {
      method: "GET",
      path: "/api/approvals/badges",
    },
    get: {
      method: "GET",
      path: "/api/approvals/{id}",
    },
    create: {
      method: "POST",
      path: "/api/approvals",
      invalidates: ["approvals", "inbox"],
    },
    update: {
      method: "PATCH",
      path: "/api/approvals/{id}",
      invalidates: ["approvals"],
    },
    cancel: {
      method: "POST",
      path: "/api/approvals/{id}/cancel",
      invalidates: ["approvals"],
    },
    reopen: {
      method: "POST",
      path: "/api/approvals/{id}/reopen",
      invalidates: ["approvals", "inbox"],
    },
    decide: {
      method: "POST",
      path: "/api/approvals/{id}/decision",
      invalidates: ["approvals", "inbox"],
    },
    addReviewer: {
      method: "POST",
      path: "/api/approvals/{id}/reviewers",
      invalidates: ["approvals", "inbox"],
    },
    replaceReviewer: {
      method: "PUT",
      path: "/api/approvals/{id}/reviewers/{reviewerId}",
      invalidates: ["approvals", "inbox"],
    },
    removeReviewer: {
      method: "DELETE",
      path: "/api/approvals/{id}/reviewers/{reviewerId}",
      invalidates: ["approvals", "inbox"],
    },
    reissueLink: {
      method: "POST",
      path: "/api/approvals/{id}/reviewers/{reviewerId}/link",
      invalidates: ["approvals"],
    },
    revokeLink: {
      method: "DELETE",
      path: "/api/approvals/{id}/reviewers/{reviewerId}/link",
      invalidates: ["approvals"],
    },
  },
  approvalLinks: {
    get: {
      method: "GET",
      path: "/api/approval-links/{token}",
    },
    decide: {
      method: "POST",
      path: "/api/approval-links/{token}/decision",
      invalidates: ["approvalLinks"],
    },
    media: {
      method: "GET",
      path: "/api/approval-links/{token}/media/{itemId}",
    },
  },
  inbox: {
    list: {
      method: "GET",
      path: "/api/inbox",
    },
    unread: {
      method: "GET",
      path: "/api/inbox/unread",
    },
    markRead: {
      method: "POST",
      path: "/api/inbox/read",
      invalidates: ["inbox"],
    },
    settings: {
      method: "GET",
      path: "/api/inbox/settings",
    },
    saveSettings: {
      method: "PUT",
      path: "/api/inbox/settings",
      invalidates: ["inbox"],
    },
  },
  savedSearches: {
    list: {
      method: "GET",
      path: "/api/saved-searches",
    },
    create: {
      method: "POST",
      path: "/api/saved-searches",
      invalidates: ["savedSearches"],
    },
    update: {
      method: "PATCH",
      path: "/api/saved-searches/{id}",
      invalidates: ["savedSearches"],
    },
    delete: {
      method: "DELETE",
      path: "/api/saved-searches/{id}",
      invalidates: ["savedSearches"],
    },
  },
  shareLinks: {
    list: {
      method: "GET",
      path: "/api/share-links",
    },
    create: {
      method: "POST",
      path: "/api/share-links",
      invalidates: ["shareLinks"],
    },
    revoke: {
      method: "DELETE",
      path: "/api/share-links/{id}",
      invalidates: ["shareLinks"],
    },
  },
  share: {
    get: {
      method: "GET",
      path: "/api/share/{token}",
    },
    comments: {
      method: "GET",
      path: "/api/share/{token}/comments",
    },
    comment: {
      method: "POST",
      path: "/api/share/{token}/comments",
      invalidates: ["share"],
    },
    media: {
      method: "GET",
      path: "/api/share/{token}/media/{itemId}",
    },
  },
  evalSets: {
    list: {
      method: "GET",
      path: "/api/eval-sets",
    },
    create: {
      method: "POST",
      path: "/api/eval-sets",
      invalidates: ["evalSets"],
    },
    get: {
      method: "GET",
      path: "/api/eval-sets/{id}",
    },
    update: {
      method: "PATCH",
      path: "/api/eval-sets/{id}",
      invalidates: ["evalSets"],
    },
    delete: {
      method: "DELETE",
      path: "/api/eval-sets/{id}",
      invalidates: ["evalSets"],
    },
    runs: {
      method: "GET",
      path: "/api/eval-sets/{id}/runs",
    },
    run: {
      method: "POST",
      path: "/api/eval-sets/{id}/runs",
      invalidates: ["evalSets", "experiments"],
    },
    compare: {
      method: "GET",
      path: "/api/eval-sets/{id}/compare",
    },
    setBaseline: {
      method: "PUT",
      path: "/api/eval-sets/{id}/baseline",
      invalidates: ["evalSets"],
    },
    regression: {
      method: "GET",
      path: "/api/eval-sets/{id}/regression",
    },
  },
  votes: {
    startOnResults: {
      method: "POST",
      path: "/api/votes",
      invalidates: ["votes"],
    },
    get: {
      method: "GET",
      path: "/api/votes/{id}",
    },
    ballot: {
      method: "GET",
      path: "/api/votes/{id}/ballot",
    },
    pick: {
      method: "POST",
      path: "/api/votes/{id}/picks",
      invalidates: ["votes"],
    },
    rank: {
      method: "POST",
      path: "/api/votes/{id}/ranks",
      invalidates: ["votes"],
    },
    close: {
      method: "POST",
      path: "/api/votes/{id}/close",
      invalidates: ["votes"],
    },
    results: {
      method: "GET",
      path: "/api/votes/{id}/results",
    },
    media: {
      method: "GET",
      path: "/api/votes/{id}/media/{mediaId}",
    },
    ofExperiment: {
      method: "GET",
      path: "/api/experiments/{id}/votes",
    },
    startOnExperiment: {
      method: "POST",
      path: "/api/experiments/{id}/votes",
      invalidates: ["votes"],
    },
    ofEvalSet: {
      method: "GET",
      path: "/api/eval-sets/{id}/votes",
    },
    startOnEvalSet: {
      method: "POST",
      path: "/api/eval-sets/{id}/votes",
      invalidates: ["votes"],
    },
  },
  guestVotes: {
    ballot: {
      method: "GET",
      path: "/api/share/{token}/ballot",
    },
    pick: {
      method: "POST",
      path: "/api/share/{token}/picks",
      invalidates: ["guestVotes"],
    },
    rank: {
      method: "POST",
      path: "/api/share/{token}/ranks",
      invalidates: ["guestVotes"],
    },
    media: {
      method: "GET",
      path: "/api/share/{token}/ballot-media/{mediaId}",
    },
    voters: {
      method: "GET",
      path: "/api/votes/{id}/guests",
    },
    discard: {
      method: "POST",
      path: "/api/votes/{id}/guests/{guestId}/discard",
      invalidates: ["votes", "guestVotes"],
    },
  },
  members: {
    list: {
      method: "GET",
      path: "/api/members",
    },
    setRole: {
      method: "PATCH",
      path: "/api/members/{id}",
      invalidates: ["members"],
    },
    remove: {
      method: "DELETE",
      path: "/api/members/{id}",
      invalidates: ["members"],
    },
    resetLink: {
      method: "POST",
      path: "/api/members/{id}/reset-link",
      invalidates: ["members"],
    },
  },
  invitations: {
    list: {
      method: "GET",
      path: "/api/invitations",
    },
    create: {
      method: "POST",
      path: "/api/invitations",
      invalidates: ["invitations"],
    },
    revoke: {
      method: "DELETE",
      path: "/api/invitations/{id}",
      invalidates: ["invitations"],
    },
    accept: {
      method: "POST",
      path: "/api/invitations/accept",
      invalidates: [],
    },
  },
  passwordResets: {
    redeem: {
      method: "POST",
      path: "/api/password-resets",
      invalidates: [],
    },
  },
  sessions: {
    endAll: {
      method: "DELETE",
      path: "/api/sessions",
      invalidates: [],
    },
  },
  setup: {
    status: {
      method: "GET",
      path: "/api/setup",
    },
    create: {
      method: "POST",
      path: "/api/setup",
      invalidates: [],
    },
  },
  engineKeys: {
    list: {
      method: "GET",
      path: "/api/engine-keys",
    },
    create: {
      method: "POST",
      path: "/api/engine-keys",
      invalidates: ["engineKeys"],
    },
    revoke: {
      method: "DELETE",
      path: "/api/engine-keys/{id}",
      invalidates: ["engineKeys"],
    },
  },
  webhooks: {
    deliver: {
      method: "POST",
      path: "/api/webhooks/{token}",
      invalidates: [],
    },
  },
  auth: {
    read: {
      method: "GET",
      path: "/api/auth/{path}",
    },
    act: {
      method: "POST",
      path: "/api/auth/{path}",
      invalidates: ["members"],
    },
    signIn: {
      method: "POST",
      path: "/api/auth/sign-in/email",
      invalidates: [],
    },
    signOut: {
      method: "POST",
      path: "/api/auth/sign-out",
      invalidates: [],
    },
    changePassword: {
      method: "POST",
      path: "/api/auth/change-password",
      invalidates: [],
    },
  },
  tokens: {
    list: {
      method: "GET",
      path: "/api/tokens",
    },
    create: {
      method: "POST",
      path: "/api/tokens",
      invalidates: ["tokens"],
    },
    revoke: {
      method: "DELETE",
      path: "/api/tokens/{id}",
      invalidates: ["tokens"],
    },
  },
  reference: {
    openapi: {
      method: "GET",
      path: "/api/openapi.json",
    },
    asyncapi: {
      method: "GET",
      path: "/api/asyncapi.json",
    },
  },
  ops: {
    timelines: {
      method: "GET",
      path: "/api/ops/timelines",
    },
  },
  versions: {
    list: {
      method: "GET",
      path: "/api/items/{id}/versions",
    },
    carried: {
      method: "GET",
      path: "/api/items/{id}/versions/open-threads",
    },
  },
  seedStacks: {
    members: {
      method: "GET",
      path: "/api/items/{id}/seeds",
    },
  },
  spend: {
    summary: {
      method: "GET",
      path: "/api/spend",
    },
    estimate: {
      method: "POST",
      path: "/api/spend/estimate",
      invalidates: [],
    },
    budgets: {
      method: "GET",
      path: "/api/spend/budgets",
    },
    setBudgets: {
      method: "PUT",
      path: "/api/spend/budgets",
      invalidates: ["spend"],
    },
  },
  drafts: {
    get: {
      method: "GET",
      path: "/api/drafts/{workflow}",
    },
    save: {
      method: "PUT",
      path: "/api/drafts/{workflow}",
      invalidates: [],
    },
  },
  setups: {
    create: {
      method: "POST",
      path: "/api/setups",
      invalidates: [],
    },
    get: {
      method: "GET",
      path: "/api/setups/{id}",
    },
  },
  canvasRecipes: {
    get: {
      method: "GET",
      path: "/api/canvas-recipes/{taskUUID}",
    },
    save: {
      method: "PUT",
      path: "/api/canvas-recipes/{taskUUID}",
      invalidates: ["canvasRecipes"],
    },
  },
  doneAlerts: {
    get: {
      method: "GET",
      path: "/api/done-alerts",
    },
    save: {
      method: "PUT",
      path: "/api/done-alerts",
      invalidates: ["doneAlerts"],
    },
  },
} as const;
