-- Row changes of subscribable public tables are announced on the 'realtime' channel after commit.
-- NOTIFY payloads are limited to 8000 bytes: a larger row is sent as its id only and read again by the server.
CREATE OR REPLACE FUNCTION public.realtime_notify() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  payload text;
BEGIN
  payload := json_build_object(
    'schema', TG_TABLE_SCHEMA,
    'table', TG_TABLE_NAME,
    'type', TG_OP,
    'commit_timestamp', to_char(clock_timestamp() AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
    'record', CASE WHEN TG_OP = 'DELETE' THEN NULL ELSE row_to_json(NEW) END,
    'old_record', CASE WHEN TG_OP = 'INSERT' THEN NULL ELSE row_to_json(OLD) END
  )::text;
  IF octet_length(payload) > 7900 THEN
    payload := json_build_object(
      'schema', TG_TABLE_SCHEMA,
      'table', TG_TABLE_NAME,
      'type', TG_OP,
      'commit_timestamp', to_char(clock_timestamp() AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
      'record', CASE WHEN TG_OP = 'DELETE' THEN NULL ELSE json_build_object('id', NEW.id) END,
      'old_record', CASE WHEN TG_OP = 'INSERT' THEN NULL ELSE json_build_object('id', OLD.id) END,
      'truncated', true
    )::text;
  END IF;
  PERFORM pg_notify('realtime', payload);
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER languages_realtime AFTER INSERT OR UPDATE OR DELETE ON public.languages
  FOR EACH ROW EXECUTE FUNCTION public.realtime_notify();
--> statement-breakpoint
CREATE TRIGGER translations_realtime AFTER INSERT OR UPDATE OR DELETE ON public.translations
  FOR EACH ROW EXECUTE FUNCTION public.realtime_notify();
