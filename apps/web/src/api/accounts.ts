import { SignupAnswer, type SignupRequest } from '@corridor/contract';
import { useMutation } from '@tanstack/react-query';
import { api } from './client.ts';

export function useSignup() {
  return useMutation({
    mutationFn: (request: SignupRequest) => api.post('/accounts/signup', SignupAnswer, { json: request }),
  });
}
