export interface RawAnswer {
  status: number;
  headers: Record<string, string>;
  body: Buffer;
  /** the bytes the answer took in the buffer */
  length: number;
}
export declare const parseAnswer: (buffer: Buffer) => RawAnswer | null;
export declare const createRawCaller: (baseUrl: string) => {
  call(
    method: string,
    path: string,
    payload: string | undefined,
    headers?: Record<string, string>,
  ): Promise<{ status: number; body: string }>;
  close(): void;
};
