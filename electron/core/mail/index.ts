export { EmailsRepository, type EmailRow } from './repository';
export { MailService } from './service';
export { MailSender, LOST_ANSWER, STOPPED_MID_SEND } from './sender';
export { sendRaw, buildMessage, type SmtpAccount, type SmtpOutcome, type SmtpTimeouts } from './smtp';
