// The teacher home.
import Greeting from "./Greeting.tsx";

export default function TeacherHomePage() {
  return <Greeting />;
}
