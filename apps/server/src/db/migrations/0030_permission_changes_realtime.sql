-- Open pages re-read their permissions when a role or the permission matrix changes (modules/users/users.realtime.ts).
CREATE TRIGGER role_permission_matrix_realtime AFTER INSERT OR UPDATE OR DELETE ON public.role_permission_matrix
  FOR EACH ROW EXECUTE FUNCTION public.realtime_notify();
--> statement-breakpoint
CREATE TRIGGER user_roles_realtime AFTER INSERT OR UPDATE OR DELETE ON public.user_roles
  FOR EACH ROW EXECUTE FUNCTION public.realtime_notify();
