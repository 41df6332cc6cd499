// admin/students: the people feature's student list with the documents feature's identity
// corrections under it.
import { IdentityCorrections } from "../documents/IdentityCorrections.tsx";
import AdminStudentsPage from "../people/AdminStudentsPage.tsx";

export default function AdminStudents() {
  return <AdminStudentsPage IdentityCorrections={IdentityCorrections} />;
}
