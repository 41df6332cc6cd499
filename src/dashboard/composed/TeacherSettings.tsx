// teacher/settings: the profile feature's settings page with the notifications feature's
// preferences in it.
import NotificationPreferences from "../notifications/NotificationPreferences.tsx";
import TeacherSettingsPage from "../profile/TeacherSettingsPage.tsx";

export default function TeacherSettings() {
  return <TeacherSettingsPage NotificationPreferences={NotificationPreferences} />;
}
