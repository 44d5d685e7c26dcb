"use client";

import { ImagePlus, LoaderCircle, X } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { FromGalleryButton } from "@/components/gallery-pick/from-gallery-button";
import { cn, focusRing } from "@/components/ui/cn";
import { FieldMessage } from "@/components/ui/field";
import { type ImageRef, useImageRef } from "@/lib/client/create/tools";
import { refusalMessage, uploadImage } from "@/lib/client/create/upload";
import { trackImageUpload } from "@/lib/client/create/uploads-in-flight";
import { usePickIntoInput } from "@/lib/client/gallery-pick/use-pick";

interface ImageInputProps {
  id: string;
  label: string;
  /** A studio image id (upload or gallery result), or undefined. */
  value: string | undefined;
  onChange(image: ImageRef | null): void;
  hint?: string;
  error?: string | undefined;
  /** Compact tiles for lists such as reference images or ControlNet units. */
  size?: "lg" | "sm";
}

/**
 * One image input: click to choose a file, drop one, or paste one while focused; or take an image
 * of the gallery, picked from it or a card dragged here from another tab. A file goes to the
 * studio at once (checked there) and the field holds its id; a gallery image is named by its id,
 * its bytes left where they are. The preview comes from the studio.
 */
export function ImageInput({ id, label, value, onChange, hint, error, size = "lg" }: ImageInputProps) {
  const file = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState(false);
  const [uploadError, setUploadError] = useState<string | null>(null);
  const [dragging, setDragging] = useState(false);
  const ref = useImageRef(value);
  const [local, setLocal] = useState<ImageRef | null>(null);
  const image = local?.id === value ? local : ref.data;

  useEffect(() => {
    if (!value) setLocal(null);
    // A message about a refused file belongs to the image it left in place; a new value ends it.
    setUploadError(null);
  }, [value]);

  // Off inside a disabled form (a member who may not generate): dropping a file does nothing either.
  const off = () => file.current?.matches(":disabled") ?? false;

  const take = async (blob: Blob | undefined | null) => {
    if (!blob) return;
    setBusy(true);
    setUploadError(null);
    const result = await uploadImage(blob);
    setBusy(false);
    if (result.ok) {
      setLocal(result.image);
      onChange(result.image);
      // The field keeps what it held: a refused file never clears a good image.
    } else setUploadError(refusalMessage(blob, result.errors, Boolean(value)));
  };

  /** A file sent to the studio; what is sent waits for it until `onChange` has heard the outcome. */
  const upload = (blob: Blob | undefined | null) => {
    const done = take(blob);
    trackImageUpload(done);
    return done;
  };

  const pick = usePickIntoInput({
    onRef: (picked) => {
      setLocal(picked);
      onChange(picked);
    },
    onError: setUploadError,
    onFile: (dropped) => void upload(dropped),
  });

  const shownError =
    uploadError ?? error ?? (ref.isError ? "This image is no longer in the studio." : undefined);
  return (
    <div className="flex flex-col gap-1.5">
      <div className="flex items-center justify-between gap-2">
        <span id={`${id}-label`} className="font-medium text-[13px] text-foreground">
          {label}
        </span>
        <FromGalleryButton target={label} onPick={pick.item} compact={size === "sm"} />
      </div>
      {/* biome-ignore lint/a11y/noStaticElementInteractions: dropping a file is a shortcut; the button inside is the control. */}
      <div
        className={cn(
          "group relative overflow-hidden rounded-card border border-dashed bg-surface-sunken transition-colors",
          size === "lg" ? "grid min-h-40 place-items-center" : "h-24 w-24",
          dragging ? "border-accent bg-accent/5" : shownError ? "border-danger" : "border-border-strong",
        )}
        onDragOver={(e) => {
          e.preventDefault();
          if (!off()) setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={(e) => {
          e.preventDefault();
          setDragging(false);
          if (!off()) pick.drop(e.dataTransfer);
        }}
      >
        {image ? <Preview image={image} label={label} size={size} /> : null}
        <button
          id={id}
          type="button"
          aria-labelledby={`${id}-label`}
          aria-describedby={shownError ? `${id}-error` : hint ? `${id}-hint` : undefined}
          aria-invalid={shownError ? true : undefined}
          onClick={() => file.current?.click()}
          onPaste={(e) => void upload(e.clipboardData.files[0])}
          className={cn(
            "absolute inset-0 flex flex-col items-center justify-center gap-2 text-[12px] text-muted",
            image ? "bg-black/0 opacity-0 hover:bg-black/50 hover:opacity-100 focus-visible:opacity-100" : "",
            focusRing,
          )}
        >
          {busy ? (
            <LoaderCircle aria-hidden className="size-5 animate-spin" />
          ) : (
            <ImagePlus aria-hidden className="size-5" />
          )}
          {size === "lg" ? (
            <span>{busy ? "Uploading…" : image ? "Replace image" : "Choose, drop or paste an image"}</span>
          ) : null}
        </button>
        {image ? (
          <button
            type="button"
            aria-label={`Remove ${label.toLowerCase()}`}
            onClick={() => onChange(null)}
            className={cn(
              "absolute top-1.5 right-1.5 rounded-full bg-black/70 p-1 text-foreground hover:bg-black",
              focusRing,
            )}
          >
            <X aria-hidden className="size-3.5" />
          </button>
        ) : null}
        <input
          ref={file}
          type="file"
          accept="image/png,image/jpeg,image/webp"
          className="hidden"
          data-testid={`${id}-file`}
          onChange={(e) => {
            void upload(e.target.files?.[0]);
            e.target.value = "";
          }}
        />
      </div>
      {image && size === "lg" ? (
        <p className="text-[12px] text-muted-subtle tabular-nums">
          {image.width} × {image.height}
        </p>
      ) : null}
      <FieldMessage id={id} error={shownError} hint={hint} />
    </div>
  );
}

function Preview({ image, label, size }: { image: ImageRef; label: string; size: "lg" | "sm" }) {
  return (
    // biome-ignore lint/performance/noImgElement: studio media are served by /api/media, not Next's optimizer.
    <img
      src={image.url}
      alt={`${label}: ${image.width} × ${image.height}`}
      className={cn(
        "mx-auto block object-contain",
        size === "lg" ? "max-h-72 w-full" : "size-full object-cover",
      )}
    />
  );
}
