// The teacher home.
import Greeting from "../shell/Greeting.tsx";

export default function TeacherHomePage() {
  return <Greeting />;
}
