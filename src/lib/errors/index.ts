export * from "./messages.ts";
export * from "./classify.ts";
