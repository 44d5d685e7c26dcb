// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { MEMBER_SCOPE, type ViewerScope } from "@/lib/studio/share/share-scope";
import { CommentBox, type CommentSender, type SentComment } from "./comment-box";

const GUEST: ViewerScope = { kind: "guest", allowComments: true, showParams: true };
const members = [{ id: "m1", name: "Grace Hopper" }];

function sender() {
  const sent: SentComment[] = [];
  const send: CommentSender = {
    mutate: vi.fn((input: SentComment, options: { onSuccess: () => void }) => {
      sent.push(input);
      options.onSuccess();
    }),
    isPending: false,
    error: null,
  };
  return { send, sent };
}

afterEach(cleanup);

// The one comment box, as a guest and as a member: what each is asked, offered and sends.
describe("the comment box by scope", () => {
  it("asks a guest's name before they can post, and sends it with the comment", () => {
    const { send, sent } = sender();
    render(<CommentBox send={send} scope={GUEST} kind="image" members={members} />);
    const post = screen.getByRole("button", { name: "Post comment" });
    fireEvent.change(screen.getByLabelText("Comment"), { target: { value: "Bluer, please" } });
    expect(post).toHaveProperty("disabled", true);
    fireEvent.change(screen.getByLabelText("Your name"), { target: { value: "Robin" } });
    expect(post).toHaveProperty("disabled", false);
    fireEvent.click(post);
    expect(sent).toEqual([{ body: "Bluer, please", name: "Robin" }]);
    // The text is cleared for the next comment; the name stays.
    expect(screen.getByLabelText("Comment")).toHaveProperty("value", "");
    expect(screen.getByLabelText("Your name")).toHaveProperty("value", "Robin");
  });

  it("offers a guest no member's name on @, and no mention in its words", () => {
    const { send } = sender();
    render(<CommentBox send={send} scope={GUEST} kind="image" members={members} />);
    const box = screen.getByLabelText("Comment");
    expect(box.getAttribute("placeholder")).not.toContain("@");
    fireEvent.change(box, { target: { value: "@Gr", selectionStart: 3 } });
    expect(screen.queryByRole("listbox", { name: "Mention someone" })).toBeNull();
    expect(screen.queryByText("@Grace Hopper")).toBeNull();
  });

  it("lets a guest pin a point of the image, as a member may", () => {
    const { send } = sender();
    render(<CommentBox send={send} scope={GUEST} kind="image" members={[]} />);
    const pin = screen.getByRole("button", { name: "Pin to a point" });
    fireEvent.click(pin);
    expect(screen.getByRole("button", { name: "Click the image…" }).getAttribute("aria-pressed")).toBe(
      "true",
    );
  });

  it("asks a member no name, offers the team's names on @, and sends under their account", () => {
    const { send, sent } = sender();
    render(<CommentBox send={send} scope={MEMBER_SCOPE} kind="image" members={members} />);
    expect(screen.queryByLabelText("Your name")).toBeNull();
    const box = screen.getByLabelText("Comment");
    fireEvent.change(box, { target: { value: "@Gr", selectionStart: 3 } });
    expect(screen.getByRole("listbox", { name: "Mention someone" }).textContent).toContain("@Grace Hopper");
    fireEvent.change(box, { target: { value: "Looks good", selectionStart: 10 } });
    fireEvent.click(screen.getByRole("button", { name: "Comment" }));
    expect(sent).toEqual([{ body: "Looks good" }]);
  });
});
