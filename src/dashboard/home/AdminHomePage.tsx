// The admin home.
import Greeting from "../shell/Greeting.tsx";

export default function AdminHomePage() {
  return <Greeting />;
}
