// The data saver, set for this device (src/dashboard/ui/data-saver.ts): takes effect at once.
import { useMessages } from "../i18n.ts";
import { setDataSaver, useDataSaver } from "../ui/data-saver.ts";
import { dataSaverMessages } from "../ui/data-saver-messages.ts";
import { Card } from "../ui/Card.tsx";
import { Switch } from "../ui/Switch.tsx";

export default function DataSaverSection() {
  const m = useMessages(dataSaverMessages);
  const on = useDataSaver();
  return (
    <Card title={m.title} description={m.intro} testId="data-saver" className="mt-6">
      <Switch label={m.label} description={m.description} value={on} onChange={setDataSaver} />
    </Card>
  );
}
