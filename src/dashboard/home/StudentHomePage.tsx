// The student home.
import Greeting from "../shell/Greeting.tsx";

export default function StudentHomePage() {
  return <Greeting />;
}
