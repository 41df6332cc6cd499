// The student home.
import Greeting from "./Greeting.tsx";

export default function StudentHomePage() {
  return <Greeting />;
}
