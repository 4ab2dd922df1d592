/** The realtime client's error codes. */
export type SonioxErrorCode =
  | 'get_user_media_failed'
  | 'queue_limit_exceeded'
  | 'media_recorder_error'
  | 'websocket_error'
  | 'api_error'
  | 'api_key_fetch_failed';

/** What the user reads for each code (the spec names the codes; the texts are ours). */
export const SONIOX_ERROR_MESSAGES: Record<SonioxErrorCode, string> = {
  get_user_media_failed: 'Não foi possível acessar o microfone.',
  queue_limit_exceeded:
    'A conexão com o Super Transcritor ficou lenta demais e o áudio acumulou sem ser enviado.',
  media_recorder_error: 'O navegador parou de gravar o áudio do microfone.',
  websocket_error: 'A conexão com o Super Transcritor foi interrompida.',
  api_error: 'O Super Transcritor recusou o áudio.',
  api_key_fetch_failed: 'Não foi possível obter a chave de acesso do Super Transcritor.',
};
