import { DomainError } from '../../lib/domain-errors';

/** No captured payment backs the request: nothing is granted (402, with what to do next). */
export class PaymentRequiredError extends DomainError {
  constructor(message: string) {
    super(402, 'Payment Required', message);
  }
}

/** The payment provider failed or answered nonsense; the viewer may retry with the same order. */
export class PaymentProviderError extends DomainError {
  constructor(readonly reason: string) {
    super(502, 'Bad Gateway', 'The payment service did not answer. Please try again.');
  }
}
