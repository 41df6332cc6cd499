// <role>/messages: the messages feature's page with the community feature's moderation
// panel for moderators (loaded only when shown).
import { lazy } from "react";
import MessagesPage from "../messages/MessagesPage.tsx";

const ModerationPanel = lazy(() => import("../community/ModerationPanel.tsx"));

export default function Messages() {
  return <MessagesPage ModerationPanel={ModerationPanel} />;
}
