"use client";

import { Eraser, ImageDown, ImageUp, LoaderCircle, SquareDashed } from "lucide-react";
import { useState } from "react";
import { GalleryPicker } from "@/components/gallery-pick/gallery-picker";
import { Button } from "@/components/ui/button";
import { canPaint, type Layer } from "@/lib/client/canvas/canvas-document";
import { useCanvasDocument, useCanvasStore } from "@/lib/client/canvas/canvas-store";
import { layerPng, maskRect, regionFromImage } from "@/lib/client/canvas/mask-gallery";
import { frameOp } from "@/lib/client/canvas/paint-tools";
import { uploadImage } from "@/lib/client/create/upload";
import { useEndpointMutation } from "@/lib/client/endpoint-client";
import { api } from "@/lib/studio/api/addresses";

function Note({ text, error }: { text: string | null; error?: boolean }) {
  if (!text) return null;
  return (
    <p
      role={error ? "alert" : "status"}
      className={error ? "text-[12px] text-danger-fg" : "text-[12px] text-muted"}
    >
      {text}
    </p>
  );
}

/** Keeps the mask layer in the gallery: uploaded, then kept as an item tagged `mask`. */
function SaveMask({ layer }: { layer: Layer }) {
  const doc = useCanvasDocument();
  const [note, setNote] = useState<{ text: string; error?: boolean } | null>(null);
  const keep = useEndpointMutation(api.masks.keep);
  const [busy, setBusy] = useState(false);
  const save = async () => {
    setBusy(true);
    setNote(null);
    try {
      const uploaded = await uploadImage(await layerPng(layer, maskRect(doc)));
      if (!uploaded.ok) {
        setNote({ text: uploaded.errors.map((e) => e.message).join(" "), error: true });
        return;
      }
      await keep.mutateAsync({
        body: { uploadId: uploaded.image.id, ...(doc.picture ? { sourceImageId: doc.picture.id } : {}) },
      });
      setNote({ text: `${layer.name} is in the gallery, tagged “mask”.` });
    } catch (error) {
      setNote({ text: error instanceof Error ? error.message : "The mask was not saved.", error: true });
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <Button
        size="sm"
        variant="secondary"
        disabled={busy || layer.strokes.length === 0}
        onClick={() => void save()}
      >
        {busy ? <LoaderCircle aria-hidden className="animate-spin" /> : <ImageUp aria-hidden />}
        Save mask to gallery
      </Button>
      <Note text={note?.text ?? null} error={note?.error} />
    </>
  );
}

/** "Fill frame" and "Clear" for a painted layer, and for a mask, keeping it in the gallery. */
export function PaintActions({ layer }: { layer: Layer }) {
  const { paint, clearLayer } = useCanvasStore.getState();
  const doc = useCanvasDocument();
  if (layer.kind === "image") return null;
  const editable = canPaint(layer, "paint");
  return (
    <div className="flex flex-wrap items-center gap-1.5">
      <Button size="sm" variant="secondary" disabled={!editable} onClick={() => paint(frameOp(doc))}>
        <SquareDashed aria-hidden />
        Fill frame
      </Button>
      <Button
        size="sm"
        variant="secondary"
        disabled={!editable || layer.strokes.length === 0}
        onClick={() => clearLayer(layer.id)}
      >
        <Eraser aria-hidden />
        Clear
      </Button>
      {layer.kind === "inpaintMask" ? <SaveMask layer={layer} /> : null}
    </div>
  );
}

/** Opens the gallery picker and puts the image chosen on a new mask layer, over the whole picture. */
export function LoadMaskButton() {
  const [open, setOpen] = useState(false);
  const [note, setNote] = useState<string | null>(null);
  const [loading, setLoading] = useState(false);
  return (
    <>
      <Button size="sm" variant="secondary" disabled={loading} onClick={() => setOpen(true)}>
        {loading ? <LoaderCircle aria-hidden className="animate-spin" /> : <ImageDown aria-hidden />}
        Load mask from gallery
      </Button>
      <Note text={note} error />
      {open ? (
        <GalleryPicker
          open={open}
          onOpenChange={setOpen}
          target="Mask"
          onPick={(picked) => {
            setLoading(true);
            setNote(null);
            const doc = useCanvasStore.getState().history.present;
            regionFromImage(picked.url, maskRect(doc))
              .then((op) => {
                if (op) useCanvasStore.getState().addMask(op);
                else setNote("That image has nothing light in it to read as a mask.");
              })
              .catch(() => setNote("That image could not be read."))
              .finally(() => setLoading(false));
          }}
        />
      ) : null}
    </>
  );
}
