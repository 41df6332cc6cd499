// An image that, with the data saver on, waits for a tap: a button of the image's size says
// "Afficher l'image" (with what it shows, for screen readers), and only then is it loaded.
import { useState, type ImgHTMLAttributes } from "react";
import { useMessages } from "../i18n.ts";
import { cx, focusRing } from "./styles.ts";
import { useDataSaver } from "./data-saver.ts";
import { dataSaverMessages } from "./data-saver-messages.ts";

export function OnDemandImage({ alt, className, ...image }: ImgHTMLAttributes<HTMLImageElement> & { alt: string }) {
  const m = useMessages(dataSaverMessages);
  const saver = useDataSaver();
  const [asked, setAsked] = useState(false);
  if (!saver || asked) return <img alt={alt} className={className} {...image} />;
  return (
    <button
      type="button"
      onClick={() => setAsked(true)}
      className={cx(className, "flex items-center justify-center bg-gray-100 p-2 text-center text-xs font-semibold text-brand-900 underline", focusRing)}
    >
      {m.showImage}
      <span className="sr-only"> : {alt}</span>
    </button>
  );
}
