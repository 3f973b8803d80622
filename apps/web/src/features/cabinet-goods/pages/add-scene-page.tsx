import { editScenePath } from '@merchant/contracts/cabinet-goods/template';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { TemplateForm } from '../components/template-form.tsx';

/** add-scene-page: a new goods template; once saved, its edit page (where it is applied to cabinets). */
export default function AddScenePage() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  return (
    <TemplateForm
      onSaved={(code) => {
        void queryClient.invalidateQueries({ queryKey: ['cabinet-goods', 'template'] });
        void navigate(editScenePath(code), { replace: true });
      }}
    />
  );
}
