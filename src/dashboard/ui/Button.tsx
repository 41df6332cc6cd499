// The kit's buttons: a react-aria Button (press events that work the same with mouse, touch
// and keyboard; `isPending` keeps focus and announces the wait) and a link that looks like one.
import type { ReactNode, Ref } from "react";
import { Button as AriaButton, Link as AriaLink, type ButtonProps as AriaButtonProps, type LinkProps as AriaLinkProps } from "react-aria-components";
import { useMessages } from "../i18n.ts";
import { uiMessages } from "./messages.ts";
import { cx, focusRing } from "./styles.ts";

export type ButtonVariant = "primary" | "secondary" | "danger" | "ghost";

const variants: Record<ButtonVariant, string> = {
  primary: "bg-brand-700 text-white data-[hovered]:bg-brand-900 data-[pressed]:bg-brand-900",
  secondary: "border border-brand-700 bg-white text-brand-900 data-[hovered]:bg-brand-50",
  danger: "bg-red-700 text-white data-[hovered]:bg-red-800 data-[pressed]:bg-red-900",
  ghost: "text-brand-900 data-[hovered]:bg-gray-100",
};

export function buttonClass(variant: ButtonVariant = "primary", size: "md" | "sm" = "md"): string {
  return cx(
    "inline-flex min-h-11 items-center justify-center gap-2 rounded-md font-semibold no-underline transition-colors data-[disabled]:cursor-not-allowed data-[disabled]:opacity-60 data-[pending]:cursor-wait",
    size === "md" ? "px-4 py-2" : "min-h-9 px-3 py-1 text-sm",
    variants[variant],
    focusRing,
  );
}

export interface ButtonProps extends Omit<AriaButtonProps, "className" | "children"> {
  variant?: ButtonVariant;
  size?: "md" | "sm";
  className?: string;
  children: ReactNode;
  ref?: Ref<HTMLButtonElement>;
}

export function Button({ variant = "primary", size = "md", className, children, isPending, ...props }: ButtonProps) {
  const m = useMessages(uiMessages);
  return (
    <AriaButton {...props} isPending={isPending} className={cx(buttonClass(variant, size), className)}>
      {isPending ? (
        <>
          <span aria-hidden="true" className="size-4 animate-spin rounded-full border-2 border-current border-t-transparent" />
          <span>{children}</span>
          <span className="sr-only" role="status">
            {m.pending}
          </span>
        </>
      ) : (
        children
      )}
    </AriaButton>
  );
}

export interface LinkButtonProps extends Omit<AriaLinkProps, "className" | "children"> {
  href: string;
  variant?: ButtonVariant;
  size?: "md" | "sm";
  className?: string;
  children: ReactNode;
}

/** A link (navigates) styled as a button. */
export function LinkButton({ variant = "secondary", size = "md", className, children, ...props }: LinkButtonProps) {
  return (
    <AriaLink {...props} className={cx(buttonClass(variant, size), className)}>
      {children}
    </AriaLink>
  );
}
