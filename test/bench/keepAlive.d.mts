export interface KeepAliveAnswer {
  status: number;
  body: string;
}

export declare const createKeepAliveCaller: (
  baseUrl: string,
  maxSockets: number,
) => {
  call(method: string, path: string, payload: string | undefined, headers?: Record<string, string>): Promise<KeepAliveAnswer>;
  close(): void;
};
