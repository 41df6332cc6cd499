// The admin home.
import Greeting from "./Greeting.tsx";

export default function AdminHomePage() {
  return <Greeting />;
}
