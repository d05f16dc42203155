-- Custom SQL migration file, put your code below! --
-- The access cache reads the organization's security policy (two-step sign-in for chosen roles): a settings write
-- empties it, as a role or matrix write does.
CREATE TRIGGER organization_settings_read_cache AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "organization_settings" FOR EACH STATEMENT EXECUTE FUNCTION public.notify_read_cache('cache_sessions');
