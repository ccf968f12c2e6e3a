export declare const PREVIEW_EDITOR_PORT: number;
export declare function editorPage(siteUrl: string, token: string, documentId: string, poll?: boolean): string;
export declare function startPreviewEditorStandIn(options: {
  siteUrl: string;
  port?: number;
  token?: string;
  documentId?: string;
}): Promise<{ url: string; close(): void } | null>;
