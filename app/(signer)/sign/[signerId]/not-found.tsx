import { AuthCard } from "@/components/auth/auth-card";
import { Alert } from "@/components/ui/alert";

export default function SignLinkNotFound() {
  return (
    <AuthCard title="This link does not work">
      <Alert>This signing link is not valid. Use the link from your e-mail.</Alert>
    </AuthCard>
  );
}
